breakeven_add_test(test_payingeditors GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_payingeditors.cpp)
