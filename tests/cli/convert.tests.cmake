# lorascope-cli convert and fit (issue 6).
lorascope_add_test(NAME tst_cli_convert SOURCES tst_cli_convert.cpp LIBS lorascope_core LABELS cli)
add_dependencies(tst_cli_convert lorascope-cli)
