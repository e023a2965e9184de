breakeven_add_test(test_notrapscli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_notrapscli.cpp)
add_dependencies(test_notrapscli breakeven)
breakeven_add_test(test_layout GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_layout.cpp)
