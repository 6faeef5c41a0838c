# A/B compare tab: pinned A vs live B through the real parameter panel, checked against the core.
lorascope_add_test(NAME tst_comparetab SOURCES tst_comparetab.cpp uitestutil.h LIBS lorascope_ui LABELS ui)
