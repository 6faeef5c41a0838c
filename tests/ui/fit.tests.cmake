lorascope_add_test(NAME tst_fitdialog SOURCES tst_fitdialog.cpp uitestutil.h LIBS lorascope_ui LABELS ui)
