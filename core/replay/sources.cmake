# Replay engine (SPEC §4). Beast lives only in replay.cpp; the rest is plain C++.
find_package(OpenSSL REQUIRED)
target_sources(lorascope_core PRIVATE
  replay/sse.cpp
  replay/backend.cpp
  replay/metrics.cpp
  replay/results.cpp
  replay/timeline.cpp
  replay/replay.cpp)
target_link_libraries(lorascope_core PUBLIC OpenSSL::SSL OpenSSL::Crypto)
