breakeven_add_test(test_refreshazure SOURCES ${CMAKE_CURRENT_LIST_DIR}/../refresh/test_refreshazure.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h
                   LIBS breakeven_refresh)
add_dependencies(test_refreshazure breakeven)
