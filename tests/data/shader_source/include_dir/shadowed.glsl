const int kShadowedFromIncludeDir = 1;
