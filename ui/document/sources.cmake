target_sources(lorascope_ui PRIVATE
  document/jobtracker.h
  document/document.cpp document/document.h
  document/session.cpp document/session.h
  document/uistate.cpp document/uistate.h)
