target_sources(lorascope_core PRIVATE fit/fit.cpp)
