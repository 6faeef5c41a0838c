# Fitting a workload to a trace (issue 6).
lorascope_add_test(NAME tst_fit SOURCES tst_fit.cpp LIBS lorascope_core LABELS core)
