lorascope_add_test(NAME tst_analysis SOURCES tst_analysis.cpp LIBS lorascope_core LABELS core)
