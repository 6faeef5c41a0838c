target_sources(lorascope_core PRIVATE
  admission/engine.cpp
  admission/slora.cpp
  admission/vllm.cpp
  admission/costmodel.cpp)
