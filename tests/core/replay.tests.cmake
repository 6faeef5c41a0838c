# Replay engine: pure parser, wire-format and metrics tests (no network).
foreach(t tst_sseparser tst_replaymetrics)
  lorascope_add_test(NAME ${t} SOURCES ${t}.cpp LIBS lorascope_core LABELS core)
endforeach()
