# lorascope-cli simulate (admission preview).
lorascope_add_test(NAME tst_simulate SOURCES tst_simulate.cpp LIBS lorascope_core LABELS cli)
add_dependencies(tst_simulate lorascope-cli)
