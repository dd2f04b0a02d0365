// Included by e2e.comp.
float helper() {
#ifdef ERROR_IN_INCLUDE
    return undeclaredInInclude;
#endif
    return 1.0;
}
