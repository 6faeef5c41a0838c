target_sources(lorascope_ui PRIVATE
  workload/explain.cpp workload/explain.h
  workload/parameterpanel.cpp workload/parameterpanel.h
  workload/rasterview.cpp workload/rasterview.h
  workload/workloadcharts.cpp workload/workloadcharts.h
  workload/workloadtab.cpp workload/workloadtab.h)
