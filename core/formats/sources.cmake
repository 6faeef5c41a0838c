target_sources(lorascope_core PRIVATE
  formats/registry.cpp
  formats/native.cpp
  formats/textscan.cpp
  formats/mooncake.cpp
  formats/azure.cpp
  formats/burstgpt.cpp
  formats/vllm.cpp)
