# Trace formats (issue 6): golden files, round trips, detection, bad input, streaming.
lorascope_add_test(NAME tst_formats SOURCES tst_formats.cpp LIBS lorascope_core LABELS core)
# The kept fuzzing corpus, replayed through every parser with the normal build (bench/fuzz/).
lorascope_add_test(NAME tst_formats_corpus SOURCES tst_formats_corpus.cpp LIBS lorascope_core LABELS core)
target_compile_definitions(tst_formats_corpus PRIVATE LORASCOPE_FUZZ_CORPUS="${PROJECT_SOURCE_DIR}/bench/fuzz/corpus")
