breakeven_add_test(test_notrapscli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_notrapscli.cpp)
add_dependencies(test_notrapscli breakeven)
