# Serving in documents and in the window: the store's schema 16, the API options of the scenario
# tree and the serving workload editor.
breakeven_add_test(test_servingstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_servingstore.cpp)
breakeven_add_test(test_servingwindow GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_servingwindow.cpp)
# The serving example of the first start, end to end: its costs per million tokens, the traffic,
# a range on an API price from its editor and the tornado, saved and opened again.
breakeven_add_test(test_servingexample GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_servingexample.cpp)
