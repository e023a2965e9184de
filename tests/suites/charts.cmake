breakeven_add_test(test_charts GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../charts/test_charts.cpp)
