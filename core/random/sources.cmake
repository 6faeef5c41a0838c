target_sources(lorascope_core PRIVATE
  random/numpylegacy.cpp
  random/rng.cpp)
