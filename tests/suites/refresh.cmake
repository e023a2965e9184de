breakeven_add_test(test_refresh SOURCES ${CMAKE_CURRENT_LIST_DIR}/../refresh/test_refresh.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h
                   LIBS breakeven_refresh)
add_dependencies(test_refresh breakeven)
breakeven_add_test(test_refreshaws SOURCES ${CMAKE_CURRENT_LIST_DIR}/../refresh/test_refreshaws.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h
                   LIBS breakeven_refresh)
add_dependencies(test_refreshaws breakeven)
