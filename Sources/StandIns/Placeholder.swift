public enum PictureStandInsPlaceholder {}
