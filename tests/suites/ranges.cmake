breakeven_add_test(test_ranges GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_ranges.cpp)
