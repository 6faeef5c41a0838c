# Admission preview engine (core/admission).
foreach(t tst_admission tst_admission_sim)
  lorascope_add_test(NAME ${t} SOURCES ${t}.cpp admission_helpers.h LIBS lorascope_core LABELS core)
endforeach()
