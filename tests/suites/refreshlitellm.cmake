# LiteLLM's price list as a refresh source for the document's API offers, against a local server.
breakeven_add_test(test_refreshlitellm SOURCES ${CMAKE_CURRENT_LIST_DIR}/../refresh/test_refreshlitellm.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h
                   LIBS breakeven_refresh)
add_dependencies(test_refreshlitellm breakeven)
