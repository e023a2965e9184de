breakeven_add_test(test_mainwindow GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_mainwindow.cpp)
breakeven_add_test(test_crashsafety GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_crashsafety.cpp)
breakeven_add_test(test_changestream GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_changestream.cpp)
