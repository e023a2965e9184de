breakeven_add_test(test_hybridview GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../hybridview/test_hybridview.cpp)
