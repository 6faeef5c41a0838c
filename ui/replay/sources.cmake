target_sources(lorascope_ui PRIVATE
  replay/replaytab.cpp replay/replaytab.h)
