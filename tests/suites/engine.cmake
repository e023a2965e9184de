breakeven_add_test(test_workedexamples SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_workedexamples.cpp)
breakeven_add_test(test_costmodel SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_costmodel.cpp)
breakeven_add_test(test_results SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_results.cpp)
breakeven_add_test(test_criteria SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_criteria.cpp)
