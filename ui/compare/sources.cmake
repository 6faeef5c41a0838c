# A/B compare of two parameter sets (SPEC §7): pinned A vs the live (or loaded) B.
target_sources(lorascope_ui PRIVATE
  compare/compareplots.cpp compare/compareplots.h
  compare/keyfiguremodel.cpp compare/keyfiguremodel.h
  compare/parametermodel.cpp compare/parametermodel.h
  compare/comparetab.cpp compare/comparetab.h)
