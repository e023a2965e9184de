breakeven_add_test(test_offerpicker GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../offerpicker/test_offerpicker.cpp)
