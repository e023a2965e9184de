breakeven_add_test(test_hybridedit GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../hybridedit/test_hybridedit.cpp)
