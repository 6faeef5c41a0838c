target_sources(lorascope_core PRIVATE
  analysis/theory.cpp
  analysis/binning.cpp
  analysis/workloadview.cpp
  analysis/admissionview.cpp
  analysis/stepthrough.cpp)
target_sources(lorascope_core PRIVATE analysis/compare.cpp)
