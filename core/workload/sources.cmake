target_sources(lorascope_core PRIVATE
  workload/spec.cpp
  workload/presets.cpp
  workload/lengths.cpp
  workload/generator.cpp
  workload/stats.cpp)
