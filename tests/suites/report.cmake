breakeven_add_test(test_reportlayout GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../report/test_reportlayout.cpp)
