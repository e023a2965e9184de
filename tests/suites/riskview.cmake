breakeven_add_test(test_riskview GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../riskview/test_riskview.cpp)
