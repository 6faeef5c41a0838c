target_sources(lorascope_core PRIVATE
  formats/registry.cpp
  formats/native.cpp)
