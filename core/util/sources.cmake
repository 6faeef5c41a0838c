target_sources(lorascope_core PRIVATE
  util/error.cpp
  util/atomicfile.cpp
  util/jsonread.cpp
  util/filelimit.cpp)
