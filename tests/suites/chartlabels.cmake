breakeven_add_test(test_chartlabels GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../chartlabels/test_chartlabels.cpp)
