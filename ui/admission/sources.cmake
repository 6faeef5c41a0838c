target_sources(lorascope_ui PRIVATE
  admission/admissiontab.cpp admission/admissiontab.h
  admission/ganttview.cpp admission/ganttview.h
  admission/requestmodel.cpp admission/requestmodel.h
  admission/stepthroughpanel.cpp admission/stepthroughpanel.h)
