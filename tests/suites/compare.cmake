breakeven_add_test(test_comparescenarios GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../compare/test_comparescenarios.cpp)
breakeven_add_test(test_comparemany SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_comparemany.cpp)
add_dependencies(test_comparemany breakeven)
