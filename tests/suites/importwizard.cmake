# The import sheet wizard: pages, preview statuses, summary, import and cancel in a worker thread.
breakeven_add_test(test_importwizard GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../importwizard/test_importwizard.cpp)
