# A/B comparison (core/analysis/compare): parameter differences, common bins, quantiles, key figures.
lorascope_add_test(NAME tst_compare SOURCES tst_compare.cpp LIBS lorascope_core LABELS core)
