# Replay tab: a real replay against the built-in simulated server under the offscreen platform.
lorascope_add_test(NAME tst_replaytab SOURCES tst_replaytab.cpp LIBS lorascope_ui LABELS ui TIMEOUT 300)
