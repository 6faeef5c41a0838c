# All Qt Charts code lives in this folder, behind PlotView/PlotData (a move to Qt Graphs touches only it).
target_sources(lorascope_ui PRIVATE
  charts/plotdata.h
  charts/plotview.cpp charts/plotview.h
  charts/widgetexport.cpp charts/widgetexport.h)
