#version 430
const int kHasVersion = 1;
