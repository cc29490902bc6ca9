# Helpers shared by every folder's CMakeLists.txt.

# bpl_library(<folder> SOURCES... DEPS <libs>...): the library bpl_<folder>, with src/ as the
# include root, so code includes "base/ref.h".
function(bpl_library folder)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(bpl_${folder} STATIC ${ARG_SOURCES})
  target_include_directories(bpl_${folder} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(bpl_${folder} PUBLIC ${ARG_DEPS})
endfunction()

# bpl_unit_test(<folder> SOURCES... DEPS <libs>...): one GoogleTest executable per folder,
# registered with CTest.
function(bpl_unit_test folder)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(unit_${folder} ${ARG_SOURCES})
  target_link_libraries(unit_${folder} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  include(GoogleTest)
  gtest_discover_tests(unit_${folder} DISCOVERY_TIMEOUT 60)
endfunction()
