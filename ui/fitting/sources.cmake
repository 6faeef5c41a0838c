target_sources(lorascope_ui PRIVATE
  fitting/fitdialog.cpp fitting/fitdialog.h)
