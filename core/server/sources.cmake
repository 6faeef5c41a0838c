# Simulated server (SPEC §5). Beast lives only in simserver.cpp.
target_sources(lorascope_core PRIVATE
  server/pacer.cpp
  server/simserver.cpp)
