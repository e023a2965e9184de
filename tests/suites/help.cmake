breakeven_add_test(test_help GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../help/test_help.cpp)
