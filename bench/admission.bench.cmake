# bench_admission runs bench/slora_router.py (S-LoRA's router in Python) from the source tree.
target_compile_definitions(bench_admission PRIVATE LORASCOPE_BENCH_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
