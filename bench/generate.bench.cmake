target_compile_definitions(bench_generate PRIVATE LORASCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
