const int kShadowedFromMainDir = 1;
