# Serving in documents and in the window: the store's schema 16, the API options of the scenario
# tree and the serving workload editor.
breakeven_add_test(test_servingstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_servingstore.cpp)
breakeven_add_test(test_servingwindow GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_servingwindow.cpp)
