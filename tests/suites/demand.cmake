breakeven_add_test(test_demand SOURCES ${CMAKE_CURRENT_LIST_DIR}/../demand/test_demand.cpp)
add_dependencies(test_demand breakeven)
